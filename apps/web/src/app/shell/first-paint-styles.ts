/**
 * The stylesheets of the first screen the platform draws before any script runs
 * (apps/server/src/modules/web-shell/web-shell.markup.ts). Imported by the entry, so the build
 * puts them in the stylesheet index.html links and that screen paints styled; the components
 * that own them import them too, and the build keeps a single copy. The CSP allows no inline
 * styles, so the server's markup can only use classes from here.
 */
import 'antd-mobile/es/components/notice-bar/notice-bar.css';
import './shell.css';
import '../../features/home/pages/home.css';
import '../../features/home/components/banner-carousel.css';
import '../../features/home/components/notice.css';
import './first-paint.css';
