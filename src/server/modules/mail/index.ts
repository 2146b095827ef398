// The mail module's front door: the mailer every module sends through, and the outbox for the dev mailbox.
export {
  OUTBOX_KEEP_MS,
  createMailer,
  type Mail,
  type MailAttachment,
  type Mailer,
  type MailerOptions,
} from './mailer.ts';
export { listRecentMail } from './mail.repo.ts';
