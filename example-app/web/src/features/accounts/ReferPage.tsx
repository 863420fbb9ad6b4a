// /refer?code=...: the referral landing. A valid code (read by the sdk's parseReferralCode) is
// remembered for this tab's registration and carried in the register link; an invalid one is
// explained, and the visitor can still join without it.
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useBrand } from '@matchkit/react';
import { parseReferralCode, REFERRAL_CODE_LENGTH } from '@matchkit/sdk/referrals';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ButtonLink, Card, ErrorState } from '../../components/ui';
import { rememberReferralCode } from './referral';

export function ReferPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const parsed = parseReferralCode(params.get(brand.referral.codeParam));
  const code = parsed.ok ? parsed.code : null;
  useEffect(() => {
    if (code !== null) rememberReferralCode(code);
  }, [code]);

  const forWhom = (
    <p className="max-w-reading text-muted">
      This invitation is for people aged 18 or over who do not have a {brand.displayName} account yet. Matched betting takes time and care,
      results vary from person to person, and you should only ever stake what you can afford.
    </p>
  );
  if (code === null) {
    return (
      <Page title="You have been invited">
        <ErrorState
          className="max-w-reading"
          message={
            <>
              {parsed.ok || parsed.reason === 'missing'
                ? 'This invitation link has no referral code in it.'
                : `This invitation link's referral code is not valid: a code is ${REFERRAL_CODE_LENGTH.min} to ${REFERRAL_CODE_LENGTH.max} letters and digits.`}{' '}
              Ask the person who invited you for their link again, or join without a code.
            </>
          }
        />
        {forWhom}
        <p>
          <ButtonLink to={paths.register}>Create your account</ButtonLink>
        </p>
      </Page>
    );
  }
  return (
    <Page title="You have been invited" lead={`A ${brand.displayName} member has invited you to join.`}>
      <Card className="max-w-reading">
        <p className="mt-0">
          Your invitation code is <span className="font-numeric font-bold tracking-wider">{code}</span>. It is filled in for you when you
          create your account in this tab.
        </p>
        {forWhom}
        <p className="mb-0 flex flex-wrap items-center gap-x-4 gap-y-2">
          <ButtonLink to={`${paths.register}?${brand.referral.codeParam}=${encodeURIComponent(code)}`}>Create your account</ButtonLink>
          <span>
            Already a member? <Link to={paths.login}>Sign in</Link>
          </span>
        </p>
      </Card>
    </Page>
  );
}
