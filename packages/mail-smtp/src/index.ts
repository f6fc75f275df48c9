export { createSmtpMailer, type SmtpMailerOptions } from "./smtp-mailer.js";
export { parseSmtpUrl, type SmtpUrlParse } from "./smtp-url.js";
export { parseMailFrom, type MailFromParse } from "./mail-address.js";
