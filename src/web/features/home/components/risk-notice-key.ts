/** What the risk notice's wrapper and its lazily loaded card share. */
export const riskNoticeQueryKey = ['cards', 'riskNotice'] as const;
