import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FormMessage } from './form-field';

/** A bottom sheet's form: validated by the sheet itself (noValidate), submitted without a reload. */
export function SheetForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="nb-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface SheetFooterProps {
  /** What went wrong with the last submit, shown above the button; nothing when empty. */
  message: ReactNode;
  busy: boolean;
  disabled?: boolean;
  /** The button's label. */
  children: ReactNode;
}

/** The end of a bottom sheet's form: the form's message, then its one full-width submit. */
export function SheetFooter({ message, busy, disabled, children }: SheetFooterProps) {
  return (
    <>
      <FormMessage>{message}</FormMessage>
      <Button
        type="submit"
        block
        color="primary"
        shape="rounded"
        loading={busy}
        disabled={disabled}
      >
        {children}
      </Button>
    </>
  );
}
