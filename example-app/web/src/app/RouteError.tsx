// What a route shows when it throws or its code cannot be loaded (a new release replaced the
// chunk, the network dropped): a clear message and a way on, never a blank screen.
import { Link, useRouteError } from 'react-router';
import { paths } from './paths';
import { describeError } from '../components/errors';

export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <article className="page">
      <h1>Something went wrong</h1>
      <div className="error-box" role="alert">
        <p>{chunk ? 'Part of the app could not be loaded. You may be offline, or a new version is out.' : describeError(error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
      <p>
        <Link to={paths.home}>Back to your dashboard</Link>
      </p>
    </article>
  );
}
