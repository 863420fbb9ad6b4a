// The notification modal (spec section 8): what the sdk's notifications store shows, success,
// error or warning, each with its own icon and word (never colour alone), a close button, and
// closed by the store after its delay (5 s). Two live regions are always in the page, empty until
// something is shown, so that screen readers announce what is put in them: role="status"
// (polite) for a success, role="alert" (assertive) for an error or a warning. It never takes the
// focus: what the member was doing keeps it.
import { useMatchkit, useNotifications } from '@matchkit/react';
import type { Notification, NotificationsStore, NotificationStatus } from '@matchkit/sdk/notifications';
import './notifications.css';

const LABEL: Record<NotificationStatus, string> = { success: 'Success', error: 'Error', warning: 'Warning' };

export function NotificationModal() {
  const { notifications } = useMatchkit();
  if (notifications === undefined) return null;
  return <Regions store={notifications} />;
}

function Regions({ store }: { readonly store: NotificationsStore }) {
  const { notification, close } = useNotifications(store);
  const polite = notification !== null && notification.status === 'success' ? notification : null;
  const assertive = notification !== null && notification.status !== 'success' ? notification : null;
  return (
    <div className="notification-area">
      <div role="status" aria-live="polite" aria-atomic="true" className="notification-region">
        {polite === null ? null : <Card notification={polite} onClose={() => close(polite.id)} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="notification-region">
        {assertive === null ? null : <Card notification={assertive} onClose={() => close(assertive.id)} />}
      </div>
    </div>
  );
}

function Card({ notification, onClose }: { readonly notification: Notification; readonly onClose: () => void }) {
  const { status, title, message } = notification;
  return (
    <div className={`notification notification-${status}`} data-status={status}>
      <StatusIcon status={status} />
      <div className="notification-text">
        <p className="notification-title">
          <strong>{title ?? LABEL[status]}</strong>
          {title === undefined ? null : <span className="notification-hidden-text"> ({LABEL[status]})</span>}
        </p>
        <p className="notification-message">{message}</p>
      </div>
      <button type="button" className="notification-close" onClick={onClose} aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** A distinct shape per status (tick, cross, exclamation in a triangle), decorative: the word says it. */
function StatusIcon({ status }: { readonly status: NotificationStatus }) {
  return (
    <svg className="notification-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {status === 'success' ? (
        <>
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : status === 'error' ? (
        <>
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </>
      ) : (
        <>
          <path d="M12 3L22 20H2z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M12 9.5v4.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="17" r="1.3" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
