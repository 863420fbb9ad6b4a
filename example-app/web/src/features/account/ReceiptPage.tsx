// /user/account/receipts/:id, one receipt (members only, their own): the receipt to read, print
// (the browser's print: the app's header, footer and these buttons are left off the paper) or
// download as PDF or HTML (files the server builds). Another member's receipt, or none, is "not found".
import { Download, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useMatchkitQuery } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/Status';
import { Button, buttonClass, Card, EmptyState } from '../../components/ui';
import { RequireMember } from '../session';
import { ReceiptQuery, receiptFile } from './api/billing';
import { ReceiptView } from './ReceiptView';

export function ReceiptPage() {
  return (
    <RequireMember>
      <Receipt />
    </RequireMember>
  );
}

function Receipt() {
  const { id = '' } = useParams();
  const query = useMatchkitQuery(ReceiptQuery, { id });
  return (
    <Page title="Receipt" width="reading">
      <p className="print:hidden">
        <Link to={paths.account}>Back to your account</Link>
      </p>
      <QueryState query={query} loadingLabel="Loading your receipt…">
        {({ data: { receipt } }) =>
          receipt === null ? (
            <EmptyState
              title="Receipt not found"
              description="It is not one of your receipts. Your receipts are listed on your account page."
            />
          ) : (
            <>
              <Card className="my-4 print:border-0 print:p-0 print:shadow-none">
                <ReceiptView receipt={receipt} />
              </Card>
              <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0 print:hidden">
                <li>
                  <Button icon={Printer} onClick={() => window.print()}>
                    Print
                  </Button>
                </li>
                <li>
                  <a className={buttonClass({ variant: 'secondary' })} href={receiptFile(receipt.id, 'pdf')} download>
                    <Download aria-hidden="true" className="size-4" /> Download PDF
                  </a>
                </li>
                <li>
                  <a className={buttonClass({ variant: 'secondary' })} href={receiptFile(receipt.id, 'html')} download>
                    <Download aria-hidden="true" className="size-4" /> Download HTML
                  </a>
                </li>
              </ul>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
