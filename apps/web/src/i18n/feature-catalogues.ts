import auth from './zh-CN/auth.json';
import chat from './zh-CN/chat.json';
import customer from './zh-CN/customer.json';
import download from './zh-CN/download.json';
import feedback from './zh-CN/feedback.json';
import help from './zh-CN/help.json';
import mail from './zh-CN/mail.json';
import member from './zh-CN/member.json';
import records from './zh-CN/records.json';
import sponsor from './zh-CN/sponsor.json';
import tutorial from './zh-CN/tutorial.json';
import wallet from './zh-CN/wallet.json';
import { i18n } from './i18n';

/**
 * The features' catalogues, outside the first route's JavaScript (i18n.ts says which stay
 * in the entry). Importing this module adds them to the one i18next instance.
 */
const featureResources = {
  auth,
  chat,
  customer,
  download,
  feedback,
  help,
  mail,
  member,
  records,
  sponsor,
  tutorial,
  wallet,
};

export type FeatureResources = typeof featureResources;

for (const [ns, bundle] of Object.entries(featureResources))
  i18n.addResourceBundle('zh-CN', ns, bundle, true, true);
