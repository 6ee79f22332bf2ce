import { App } from 'antd';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { ApiError, errorText } from '../api/api-error';

/**
 * What the operator sees after a write: the success text, or the server's coded answer. A
 * request filed for a second operator (four eyes, docs/contract.md §2.1) is 待复核, not a
 * failure, so it shows as information with the catalogue's text.
 */
export function useActionFeedback() {
  const { message } = App.useApp();
  return {
    done: (text = '已保存') => {
      void message.success(text);
    },
    /** True when the server filed the change for approval. */
    failed: (err: Error): boolean => {
      if (err instanceof ApiError && err.code === ErrorCode.ApprovalPending) {
        void message.info(`待复核：${err.message}`);
        return true;
      }
      void message.error(errorText(err));
      return false;
    },
  };
}
