// What a signed-in person without the Administrateur role sees at /admin (decision 0026):
// who they are signed in as, that this account has no access to the back office, how to
// get it, and a way to sign out (to sign in with another account).
import { LogOutIcon, ShieldOffIcon } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';

export function NoAccess({ email }: { email: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-4">
      <section aria-labelledby="no-access-title" className="w-full max-w-md space-y-4 rounded-xl border bg-card p-6 shadow-sm">
        <ShieldOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <h1 id="no-access-title" className="font-serif text-2xl">
          Accès réservé aux administrateurs
        </h1>
        <p>
          Vous êtes connecté en tant que <strong className="[overflow-wrap:anywhere]">{email}</strong>, mais ce compte n&apos;a pas accès au back-office.
        </p>
        <p>Pour l&apos;obtenir, demandez à un administrateur du site de vous donner le rôle Administrateur (Utilisateurs → Rôle), puis rechargez cette page.</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action="/sign-out">
            <Button type="submit">
              <LogOutIcon aria-hidden="true" />
              Se déconnecter
            </Button>
          </Form>
          <Button asChild variant="outline">
            <a href="/">Retour au site</a>
          </Button>
        </div>
      </section>
    </main>
  );
}
