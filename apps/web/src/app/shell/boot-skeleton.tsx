import { Skeleton } from 'antd-mobile';
import './boot-skeleton.css';

/** What shows while the first route chunks load: the frame's shape, so nothing jumps after. */
export function BootSkeleton() {
  return (
    <div className="nb-boot" aria-busy="true">
      <div className="nb-boot__bar" />
      <div className="nb-boot__banner" />
      <div className="nb-boot__body">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}
