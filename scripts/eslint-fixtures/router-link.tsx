// A React Router <Link> on a public page.
import { Link } from 'react-router';

export function Fixture() {
  return <Link to="/livre-dor">Livre d'or</Link>;
}
