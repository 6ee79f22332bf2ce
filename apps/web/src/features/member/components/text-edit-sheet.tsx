import { Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { SheetFooter, SheetForm } from '../../../components/ui/sheet-form';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { describeError } from '../../../lib/api-errors';

interface TextEditSheetProps {
  visible: boolean;
  title: string;
  label: string;
  initial: string;
  placeholder: string;
  maxLength: number;
  inputMode?: 'text' | 'email';
  /** The rule's message when the value is not acceptable, else null. */
  validate: (value: string) => string | null;
  save: (value: string) => Promise<unknown>;
  savedText: string;
  submitText: string;
  onClose: () => void;
}

/** Edit one profile text (nickname, email) in a sheet. */
export function TextEditSheet(props: TextEditSheetProps) {
  const { visible, title, onClose } = props;
  return (
    <BottomSheet visible={visible} title={title} onClose={onClose}>
      {visible && <TextEditForm {...props} />}
    </BottomSheet>
  );
}

function TextEditForm(props: TextEditSheetProps) {
  const { label, initial, placeholder, maxLength, inputMode, validate, save, savedText } = props;
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = validate(value.trim());
    setError(problem);
    if (problem) return;
    setBusy(true);
    setMessage(null);
    try {
      await save(value.trim());
      Toast.show({ content: savedText });
      props.onClose();
    } catch (failure) {
      setMessage(describeError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetForm onSubmit={() => void submit()}>
      <FormField label={label} htmlFor={id} tone={error ? 'error' : 'neutral'} hint={error}>
        <input
          id={id}
          className="nb-input"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          inputMode={inputMode}
          type={inputMode === 'email' ? 'email' : 'text'}
          autoComplete={inputMode === 'email' ? 'email' : 'nickname'}
        />
      </FormField>
      <SheetFooter message={message} busy={busy}>
        {props.submitText}
      </SheetFooter>
    </SheetForm>
  );
}
