/**
 * A toast for code that runs at start-up: antd's Toast brings its popup and animation
 * libraries, which the first screen does not need, so they load with the first toast shown.
 */
export function showToast(content: string): void {
  void import('./toast-impl').then((impl) => impl.show(content));
}
