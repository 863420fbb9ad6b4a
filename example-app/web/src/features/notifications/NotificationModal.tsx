// The notification modal (spec section 8): what the sdk's notifications store shows, success,
// error or warning, each with its own icon and word (never colour alone), a close button, and
// closed by the store after its delay (5 s). Two live regions are always in the page, empty until
// something is shown, so that screen readers announce what is put in them: role="status"
// (polite) for a success, role="alert" (assertive) for an error or a warning. It never takes the
// focus: what the member was doing keeps it. So it is the component layer's Toast, not a Dialog
// (a modal dialog takes the focus and makes the page inert).
import { useMatchkit, useNotifications } from '@matchkit/react';
import type { NotificationsStore } from '@matchkit/sdk/notifications';
import { Toast } from '../../components/ui/Toast';
import { ToastRegion, ToastViewport } from '../../components/ui/ToastRegion';

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
    <ToastViewport className="notification-area">
      <ToastRegion politeness="polite" className="notification-region">
        {polite === null ? null : (
          <Toast status={polite.status} title={polite.title} message={polite.message} onClose={() => close(polite.id)} />
        )}
      </ToastRegion>
      <ToastRegion politeness="assertive" className="notification-region">
        {assertive === null ? null : (
          <Toast status={assertive.status} title={assertive.title} message={assertive.message} onClose={() => close(assertive.id)} />
        )}
      </ToastRegion>
    </ToastViewport>
  );
}
