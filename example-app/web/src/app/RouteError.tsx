// What a route shows when it throws or its code cannot be loaded (a new release replaced the
// chunk, the network dropped): a clear message and a way on, never a blank screen.
import { useRouteError } from 'react-router';
import { paths } from './paths';
import { describeError } from '../components/errors';
import { Button, ButtonLink } from '../components/ui/Button';
import { ErrorState } from '../components/ui/ErrorState';

export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <article className="page mx-auto w-full max-w-default pt-4">
      <h1 className="mt-2 mb-3 text-2xl font-bold sm:text-3xl">Something went wrong</h1>
      <ErrorState
        message={chunk ? 'Part of the app could not be loaded. You may be offline, or a new version is out.' : describeError(error)}
        action={
          <>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <ButtonLink variant="secondary" to={paths.home}>
              Back to the home page
            </ButtonLink>
          </>
        }
      />
    </article>
  );
}
