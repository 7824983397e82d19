/** Outgoing mail. Production uses SMTP; demo mode without SMTP_URL uses the sandbox outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}
