import { AppModal } from './app-modal';
import { closeCurrentModal, removeCurrentModal, useModalQueue } from './modal.store';

/** Renders the head of the imperative modal queue; mounted once in the shell. */
export function ModalHost() {
  const head = useModalQueue((state) => state.queue[0]);
  const closing = useModalQueue((state) => state.closing);
  if (!head) return null;
  return (
    <AppModal
      key={head.id}
      visible={!closing}
      title={head.title}
      confirmText={head.confirmText}
      width={head.width}
      className={head.className}
      media={head.media}
      onConfirm={() => {
        head.onConfirm?.();
        closeCurrentModal();
      }}
      cancelText={head.cancelText}
      onCancel={() => {
        head.onCancel?.();
        closeCurrentModal();
      }}
      afterClose={removeCurrentModal}
    >
      {head.content}
    </AppModal>
  );
}
