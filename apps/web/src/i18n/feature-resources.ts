import activities from './zh-CN/activities.json';
import agent from './zh-CN/agent.json';
import auth from './zh-CN/auth.json';
import chat from './zh-CN/chat.json';
import customer from './zh-CN/customer.json';
import demo from './zh-CN/demo.json';
import download from './zh-CN/download.json';
import feedback from './zh-CN/feedback.json';
import flipFriends from './zh-CN/flip-friends.json';
import help from './zh-CN/help.json';
import mail from './zh-CN/mail.json';
import mall from './zh-CN/mall.json';
import member from './zh-CN/member.json';
import records from './zh-CN/records.json';
import rewards from './zh-CN/rewards.json';
import responsibleGaming from './zh-CN/responsible-gaming.json';
import sponsor from './zh-CN/sponsor.json';
import tutorial from './zh-CN/tutorial.json';
import wallet from './zh-CN/wallet.json';

/**
 * The features' catalogues as data, apart from the module that installs them, so `i18n.ts` can
 * name their type without importing the installer (which imports `i18n.ts`).
 */
export const featureResources = {
  activities,
  agent,
  auth,
  chat,
  customer,
  demo,
  download,
  feedback,
  flipFriends,
  help,
  mail,
  mall,
  member,
  records,
  rewards,
  responsibleGaming,
  sponsor,
  tutorial,
  wallet,
};

export type FeatureResources = typeof featureResources;
