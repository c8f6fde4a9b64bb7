/**
 * The moderated session's token in the participant's link (`/participate/{id}?session={token}`,
 * ADR 0024): read once from the address; '' without one (an unmoderated participation).
 */
export const sessionTokenFrom = (search: string) => new URLSearchParams(search).get('session')?.trim() ?? '';
