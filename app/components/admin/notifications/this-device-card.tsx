// 'Cet appareil': whether this browser receives the notifications, and the buttons to
// turn them on (the browser's permission prompt comes behind « Activer »), try them and
// turn them off. What the browser cannot do is said plainly: no push support, the
// permission refused in its settings, an iPhone where only the installed app may
// receive them.
import { BellIcon, BellOffIcon, SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { currentSubscription, keyOf, pushSupported, subscribeThisDevice, subscriptionFields, unsubscribeThisDevice } from '~/back-office-app/push-in-browser';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';

type DeviceState = 'checking' | 'unsupported' | 'install-first' | 'denied' | 'off' | 'on';

const STATE_TEXT: Record<DeviceState, string> = {
  checking: 'Vérification de cet appareil…',
  unsupported: 'Ce navigateur ne peut pas recevoir de notifications. Sur un téléphone, ouvrez l’administration dans Chrome (Android) ou Safari (iPhone).',
  'install-first':
    'Sur iPhone et iPad, seule l’application installée reçoit les notifications : dans Safari, touchez Partager puis « Sur l’écran d’accueil », ouvrez l’administration depuis cette icône et revenez ici.',
  denied: 'Les notifications sont bloquées pour ce site dans les réglages du navigateur. Autorisez-les, puis rechargez cette page.',
  off: 'Les notifications ne sont pas activées sur cet appareil.',
  on: 'Les notifications sont activées sur cet appareil.',
};

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

async function readState(applicationServerKey: string, knownEndpoints: string[]): Promise<{ state: DeviceState; endpoint: string | null }> {
  if (!pushSupported()) return { state: isAppleMobile() ? 'install-first' : 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'denied', endpoint: null };
  const subscription = await currentSubscription();
  const on = subscription && keyOf(subscription) === applicationServerKey && knownEndpoints.includes(subscription.endpoint);
  return { state: on ? 'on' : 'off', endpoint: on ? subscription.endpoint : null };
}

export function ThisDeviceCard({ applicationServerKey, devices }: { applicationServerKey: string; devices: Array<{ endpoint: string }> }) {
  const fetcher = useFetcher();
  const [state, setState] = useState<DeviceState>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const known = devices.map((d) => d.endpoint).join('\n');

  useEffect(() => {
    let current = true;
    readState(applicationServerKey, known ? known.split('\n') : [])
      .then((read) => {
        if (!current) return;
        setState(read.state);
        setEndpoint(read.endpoint);
      })
      .catch((error: Error) => current && (setState('off'), setProblem(error.message)));
    return () => {
      current = false;
    };
  }, [applicationServerKey, known]);

  const busy = working || fetcher.state !== 'idle';

  async function turnOn() {
    setProblem(null);
    setWorking(true);
    try {
      const subscription = await subscribeThisDevice(applicationServerKey);
      if (!subscription) setState(Notification.permission === 'denied' ? 'denied' : 'off');
      else await fetcher.submit(subscriptionFields(subscription), { method: 'post' });
    } catch (error) {
      setProblem(`L’abonnement a échoué : ${(error as Error).message}`);
    } finally {
      setWorking(false);
    }
  }

  async function turnOff() {
    setProblem(null);
    setWorking(true);
    try {
      const gone = (await unsubscribeThisDevice()) ?? endpoint;
      if (gone) await fetcher.submit({ intent: 'unsubscribe', endpoint: gone }, { method: 'post' });
      setState('off');
    } catch (error) {
      setProblem(`La désactivation a échoué : ${(error as Error).message}`);
    } finally {
      setWorking(false);
    }
  }

  return (
    <Card data-application-server-key={applicationServerKey}>
      <CardHeader>
        <CardTitle>
          <h3>Cet appareil</h3>
        </CardTitle>
        <CardDescription>Chaque appareil s’active séparément : votre téléphone, votre ordinateur…</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="status" className="flex items-center gap-2 text-sm">
          {state === 'checking' ? <Spinner /> : null}
          {STATE_TEXT[state]}
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {state === 'off' ? (
            <Button type="button" onClick={() => void turnOn()} disabled={busy}>
              <BellIcon aria-hidden="true" />
              Activer les notifications
            </Button>
          ) : null}
          {state === 'on' && endpoint ? (
            <>
              <Button type="button" variant="outline" onClick={() => void fetcher.submit({ intent: 'test', endpoint }, { method: 'post' })} disabled={busy}>
                <SendIcon aria-hidden="true" />
                Tester
              </Button>
              <Button type="button" variant="outline" onClick={() => void turnOff()} disabled={busy}>
                <BellOffIcon aria-hidden="true" />
                Désactiver
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
