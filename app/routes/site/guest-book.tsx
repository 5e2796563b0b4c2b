export default function Room() { return null; }
