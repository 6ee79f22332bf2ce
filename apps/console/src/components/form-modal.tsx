import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * The console's create/edit dialog: a vertical form in a modal whose OK button submits it.
 * The form's own checks run first (the protocol's schemas via `zodRule`); `onSubmit` gets the
 * checked values and decides the rest (the write, its step-up and its error, closing). The
 * caller owns `form`, so it can watch, fill or reset fields.
 */
export function FormModal<V extends object>(props: {
  form: FormInstance<V>;
  open: boolean;
  title: ReactNode;
  /** The OK button's text: 保存 unless the action has its own verb (发放, 创建, 禁言…). */
  okText?: string;
  /** A destructive action's OK button is red. */
  danger?: boolean;
  busy?: boolean | undefined;
  onClose: () => void;
  onSubmit: (values: V) => void;
  initialValues?: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  /** The form's name, where its field ids must stay what they were. */
  name?: string;
  width?: number;
  /**
   * Closing keeps the form mounted with what was typed (a money form keeps its idempotency
   * key until it is sent or changed); by default closing discards it.
   */
  keep?: boolean;
  /** Shown above the form (what the action does, the server's refusal). */
  lead?: ReactNode;
  children: ReactNode;
}) {
  const keep = props.keep ?? false;
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      confirmLoading={props.busy}
      destroyOnHidden={!keep}
      width={props.width}
      okText={props.okText ?? '保存'}
      okButtonProps={props.danger ? { danger: true } : undefined}
      cancelText="取消"
      onOk={() => props.form.submit()}
    >
      {props.lead}
      <Form<V>
        form={props.form}
        name={props.name}
        layout="vertical"
        preserve={keep}
        initialValues={props.initialValues}
        onValuesChange={props.onValuesChange}
        onFinish={props.onSubmit}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
