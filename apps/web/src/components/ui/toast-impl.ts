import { Toast } from 'antd-mobile';

export function show(content: string): void {
  Toast.show({ content });
}
