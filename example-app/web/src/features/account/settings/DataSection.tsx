// "Your data" on the account page: everything we hold about the member as a JSON file, and their
// profit tracker as a CSV file (money in pounds). The files come from the server with the app's
// own request header (the server refuses a download another site could start), then are saved.
import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { Button, Card, ErrorState } from '../../../components/ui';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';

/** The server's download addresses (server/src/modules/accounts/my-data.ts). */
const FILES = {
  json: { url: '/api/user/my-data.json', label: 'Download all my data' },
  csv: { url: '/api/user/my-data/tracker.csv', label: 'Download my profit tracker' },
} as const;

/** The file name the server gave (Content-Disposition), or `fallback`. */
function fileName(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

async function save(which: keyof typeof FILES): Promise<void> {
  const response = await fetch(FILES[which].url, { credentials: 'same-origin', headers: { 'x-matchkit-csrf': '1' } });
  if (!response.ok) throw new Error(`download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response, which === 'json' ? 'my-data.json' : 'profit-tracker.csv');
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataSection() {
  const headingId = useId();
  const [busy, setBusy] = useState<keyof typeof FILES | null>(null);
  const [failed, setFailed] = useState(false);
  const start = (which: keyof typeof FILES) => {
    setBusy(which);
    setFailed(false);
    save(which)
      .catch(() => setFailed(true))
      .finally(() => setBusy(null));
  };
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Your data
      </h2>
      <p className="mt-0 max-w-reading">
        Download everything we hold about you (your details, plan, payments and receipts, referrals and commission, profit tracker and
        settings) as one file, or your profit tracker as a spreadsheet file with amounts in pounds.
      </p>
      <p className="m-0 flex flex-wrap gap-2">
        {(Object.keys(FILES) as (keyof typeof FILES)[]).map((which) => (
          <Button key={which} variant="secondary" icon={Download} onClick={() => start(which)} disabled={busy !== null}>
            {busy === which ? 'Preparing…' : FILES[which].label}
          </Button>
        ))}
      </p>
      {failed ? <ErrorState className="mt-3" message="We could not prepare your file. Please try again." /> : null}
    </Card>
  );
}
