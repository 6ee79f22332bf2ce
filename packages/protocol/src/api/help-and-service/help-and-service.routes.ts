import { defineRoute } from '../core/route';
import { helpAndServiceRouteMeta as m } from './help-and-service.meta';
import { emptyObject } from '../core/common';
import {
  AdminHelpPage,
  AdminHelpQuery,
  AdminSponsorPage,
  AdminSponsorQuery,
} from './admin-lists.schemas';
import {
  AdminFeedback,
  AdminFeedbackPage,
  AdminFeedbackQuery,
  AdminFeedbackReplyRequest,
  AdminHelpDoc,
  AdminHelpSaveRequest,
  AdminMail,
  AdminMailPage,
  AdminMailQuery,
  AdminMailSendRequest,
  AdminSponsor,
  AdminSponsorSaveRequest,
  CustomerService,
  DownloadInfo,
  Feedback,
  FeedbackIdParams,
  FeedbackListQuery,
  FeedbackPage,
  FeedbackSubmitRequest,
  HelpDoc,
  HelpIndex,
  HelpSearchQuery,
  HelpSearchResult,
  HelpSlugParams,
  MailAudienceCount,
  MailAudienceCountRequest,
  MailIdParams,
  MailListQuery,
  MailPage,
  MailUnread,
  SponsorList,
} from './help-and-service.schemas';

/** The service side's calls with their schemas, joined into `routes`. */
export const helpAndServiceRoutes = {
  helpIndex: defineRoute(m.helpIndex, { response: HelpIndex }),
  helpSearch: defineRoute(m.helpSearch, { query: HelpSearchQuery, response: HelpSearchResult }),
  helpDoc: defineRoute(m.helpDoc, { params: HelpSlugParams, response: HelpDoc }),
  customerService: defineRoute(m.customerService, { response: CustomerService }),
  downloadInfo: defineRoute(m.downloadInfo, { response: DownloadInfo }),
  mailList: defineRoute(m.mailList, { query: MailListQuery, response: MailPage }),
  mailUnread: defineRoute(m.mailUnread, { response: MailUnread }),
  mailRead: defineRoute(m.mailRead, {
    params: MailIdParams,
    body: emptyObject,
    response: MailUnread,
  }),
  mailDelete: defineRoute(m.mailDelete, {
    params: MailIdParams,
    body: emptyObject,
    response: MailUnread,
  }),
  mailReadAll: defineRoute(m.mailReadAll, { body: emptyObject, response: MailUnread }),
  feedbackSubmit: defineRoute(m.feedbackSubmit, {
    body: FeedbackSubmitRequest,
    response: Feedback,
  }),
  feedbackList: defineRoute(m.feedbackList, { query: FeedbackListQuery, response: FeedbackPage }),
  sponsorList: defineRoute(m.sponsorList, { response: SponsorList }),
  adminHelpList: defineRoute(m.adminHelpList, { query: AdminHelpQuery, response: AdminHelpPage }),
  adminHelpDoc: defineRoute(m.adminHelpDoc, { params: HelpSlugParams, response: AdminHelpDoc }),
  adminHelpSave: defineRoute(m.adminHelpSave, {
    params: HelpSlugParams,
    body: AdminHelpSaveRequest,
    response: AdminHelpDoc,
  }),
  adminMailSend: defineRoute(m.adminMailSend, { body: AdminMailSendRequest, response: AdminMail }),
  adminMails: defineRoute(m.adminMails, { query: AdminMailQuery, response: AdminMailPage }),
  adminMailAudienceCount: defineRoute(m.adminMailAudienceCount, {
    body: MailAudienceCountRequest,
    response: MailAudienceCount,
  }),
  adminMailRevoke: defineRoute(m.adminMailRevoke, {
    params: MailIdParams,
    body: emptyObject,
    response: AdminMail,
  }),
  adminFeedbacks: defineRoute(m.adminFeedbacks, {
    query: AdminFeedbackQuery,
    response: AdminFeedbackPage,
  }),
  adminFeedbackReply: defineRoute(m.adminFeedbackReply, {
    params: FeedbackIdParams,
    body: AdminFeedbackReplyRequest,
    response: AdminFeedback,
  }),
  adminSponsors: defineRoute(m.adminSponsors, {
    query: AdminSponsorQuery,
    response: AdminSponsorPage,
  }),
  adminSponsorSave: defineRoute(m.adminSponsorSave, {
    body: AdminSponsorSaveRequest,
    response: AdminSponsor,
  }),
} as const;
