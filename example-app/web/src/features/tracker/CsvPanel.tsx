// CSV export and import. The export is the server's file (GET /api/user/profit-tracker/export.csv,
// the sdk's exportBetsCsv of every bet, as an attachment). The import sends the file's text to
// importBets, which reads it with the sdk's importBetsCsvInPart: bet by bet (a file that cannot be
// read writes nothing), and every bad value of a refused bet by its line number, shown here in a table next to those numbers.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { ImportBetsMutation, type GqlImportError } from '@matchkit/sdk/transport';
import { useNotify } from '../notifications';
import { invalidateTracker, trackerError } from './api/tracker';
import { Button, Field, Table, Td, Th, buttonClass } from '../../components/ui';

/** Larger files are refused before they are read (the server's request limit is about this size). */
const MAX_FILE_BYTES = 900_000;

export function CsvPanel() {
  const id = useId();
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const file = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{
    readonly name: string;
    readonly imported: number;
    readonly errors: readonly GqlImportError[];
  } | null>(null);
  const [name, setName] = useState('');
  const importBets = useMatchkitMutation(ImportBetsMutation, {
    onSuccess: (r) => {
      const { imported, errors } = r.data.importBets;
      setResult({ name, imported, errors });
      if (imported > 0) {
        invalidateTracker(queryClient);
        if (errors.length === 0) notify('success', `${imported} ${imported === 1 ? 'bet' : 'bets'} imported.`);
      }
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const picked = file.current?.files?.[0];
    if (picked === undefined) {
      setFieldError('Choose a CSV file to import.');
      return;
    }
    if (picked.size > MAX_FILE_BYTES) {
      setFieldError('This file is too large to import at once: split it into files under 900 KB.');
      return;
    }
    setFieldError(null);
    setName(picked.name);
    importBets.mutate({ csv: await picked.text() });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="my-6">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold">
        Export and import
      </h2>
      <p>
        <a className={buttonClass({ variant: 'secondary' })} href="/api/user/profit-tracker/export.csv" download>
          Download all bets (CSV)
        </a>
      </p>
      <p className="m-0 mb-4 text-sm text-muted">
        One row per leg, money in pounds with two decimals and times in UTC. Importing a file adds its bets; a bet whose id you already have
        is replaced. A bet with a wrong value is left out and its problems are listed by line; the other bets are imported. A file that
        cannot be read is not imported at all.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          ref={file}
          label="CSV file to import"
          type="file"
          accept=".csv,text/csv"
          error={fieldError ?? undefined}
          onChange={() => setFieldError(null)}
        />
        <p className="flex flex-wrap gap-2">
          <Button type="submit" disabled={importBets.isPending}>
            {importBets.isPending ? 'Importing…' : 'Import bets'}
          </Button>
        </p>
      </form>
      {importBets.error === null ? null : (
        <p className="m-0 mb-4 text-sm text-danger" role="alert">
          {trackerError(importBets.error)}
        </p>
      )}
      {result === null ? null : result.errors.length === 0 ? (
        <p role="status">
          Imported {result.imported} {result.imported === 1 ? 'bet' : 'bets'} from {result.name}.
        </p>
      ) : (
        <div role="alert">
          <p>
            {result.imported === 0 ? 'Nothing was imported' : `Imported ${result.imported} ${result.imported === 1 ? 'bet' : 'bets'}`}:{' '}
            {result.errors.length} {result.errors.length === 1 ? 'problem' : 'problems'} in {result.name}
            {result.imported === 0 ? '' : ' left the bets below out'}. Correct {result.errors.length === 1 ? 'it' : 'them'} and import the
            file again: the bets already imported are replaced, not doubled.
          </p>
          <Table caption="Problems by line">
            <thead>
              <tr>
                <Th numeric>Line</Th>
                <Th>Column</Th>
                <Th>Problem</Th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((e, i) => (
                <tr key={i}>
                  {/* The line and column stay on one line; a problem's message (it can be long) wraps. */}
                  <Th scope="row" numeric>
                    {e.line}
                  </Th>
                  <Td className="whitespace-nowrap">{e.column ?? 'the whole line'}</Td>
                  <Td className="min-w-56">{e.message}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
