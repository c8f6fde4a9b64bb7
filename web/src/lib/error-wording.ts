/**
 * How the web words each error code of the API (ADR 0014 addendum). 'locale': one fixed message,
 * kept in locales/*-errors.json under `errors.<code>` (the Spanish is the server's text, so nothing
 * changes in Spanish; an English interface gets English). 'server': the server composes the text
 * (which field, how long to wait, which limit), so the screen shows what it sent. The
 * `satisfies Record<ErrorCode, …>` makes a new code in the worker's enum fail the type check here
 * until someone decides how it is worded.
 */
import type { ErrorCode } from '@/lib/api-types/ErrorCode';

export type ErrorWording = 'locale' | 'server';

export const ERROR_WORDING = {
  already_member: 'locale',
  already_owner: 'locale',
  already_subscribed: 'locale',
  analysis_full: 'server',
  analysis_not_found: 'locale',
  bad_chunk_index: 'server',
  bad_chunk_time: 'server',
  bad_clip_range: 'server',
  bad_event: 'server',
  bad_filter: 'server',
  bad_note_time: 'locale',
  bad_role: 'locale',
  bad_signature: 'server',
  bad_status: 'locale',
  bad_tags: 'server',
  bad_team_role: 'locale',
  bad_title: 'server',
  billing_unavailable: 'locale',
  camera_off: 'server',
  checkout_closed: 'locale',
  chunk_conflict: 'server',
  chunk_gone: 'locale',
  chunk_in_flight: 'locale',
  chunk_length: 'locale',
  chunk_too_large: 'server',
  chunk_too_small: 'server',
  consent_required: 'locale',
  cross_site: 'locale',
  email_taken: 'locale',
  empty_chunk: 'server',
  empty_note: 'server',
  empty_recording: 'locale',
  empty_thumbnail: 'server',
  expired_signature: 'locale',
  internal: 'locale',
  invalid_analysis: 'server',
  invalid_answer: 'server',
  invalid_body: 'locale',
  invalid_credentials: 'locale',
  invalid_email: 'locale',
  invalid_fields: 'locale',
  invalid_json: 'server',
  invalid_password_change: 'locale',
  invalid_pid: 'server',
  invalid_reel: 'server',
  invalid_registration: 'locale',
  invalid_reset_token: 'locale',
  invalid_screener_answers: 'server',
  invalid_share: 'server',
  invalid_sus: 'server',
  invalid_track: 'server',
  invalid_workspace_name: 'locale',
  invitation_invalid: 'locale',
  invitation_not_found: 'locale',
  invitation_wrong_account: 'locale',
  last_admin: 'locale',
  length_required: 'locale',
  member_not_found: 'locale',
  method_not_allowed: 'locale',
  misconfigured: 'server',
  missing_analysis_id: 'locale',
  missing_entry_id: 'locale',
  missing_fields: 'locale',
  missing_ids: 'locale',
  missing_recording: 'locale',
  missing_reset_token: 'locale',
  no_participation: 'locale',
  no_places: 'locale',
  no_questions: 'locale',
  no_screen_segment: 'server',
  no_segment: 'server',
  no_subscription: 'locale',
  no_team_access: 'locale',
  no_thumbnail: 'locale',
  not_a_member: 'locale',
  not_admin: 'locale',
  not_found: 'server',
  not_jpeg: 'server',
  not_your_entry: 'server',
  note_too_long: 'locale',
  owner_protected: 'locale',
  participant_login: 'locale',
  password_mismatch: 'locale',
  payload_too_large: 'locale',
  personal_workspace: 'locale',
  questions_off: 'locale',
  rate_limited: 'server',
  recording_not_ready: 'locale',
  recording_too_large: 'server',
  recording_too_long: 'server',
  screened_out: 'locale',
  segment_closed: 'server',
  self_delete: 'locale',
  share_unavailable: 'locale',
  subscription_required: 'server',
  summaries_off: 'locale',
  summaries_unavailable: 'locale',
  summary_not_ready: 'locale',
  themes_not_ready: 'locale',
  sus_off: 'locale',
  team_role_forbidden: 'locale',
  thumbnail_length: 'locale',
  thumbnail_too_large: 'server',
  thumbnail_too_many_pixels: 'server',
  too_many_chunks: 'server',
  too_many_segments: 'server',
  too_many_steps: 'locale',
  too_many_viewers: 'locale',
  unauthorized: 'server',
  unknown_plan: 'locale',
  unsupported_media_type: 'locale',
  unsupported_mime: 'server',
  upgrade_required: 'locale',
  weak_password: 'locale',
  workspace_name_mismatch: 'locale',
  wrong_current_password: 'locale',
} as const satisfies Record<ErrorCode, ErrorWording>;

type Translate = (key: string) => string | undefined;
let translate: Translate | undefined;

/**
 * lib/i18n registers i18next here when an entry starts it. Reading an error never imports i18next
 * itself, so a page that runs without it (the prerendered public site's waitlist form) stays small
 * and shows the server's text.
 */
export function setErrorTranslator(fn: Translate): void {
  translate = fn;
}

/** The interface's wording of a code with a fixed message, when an entry's strings are loaded. */
export function translatedError(code: string): string | undefined {
  const key = errorKey(code);
  return key && translate ? translate(key) : undefined;
}

/** The locale key of a code whose message is fixed, or undefined when the server words it. */
function errorKey(code: string): `errors.${ErrorCode}` | undefined {
  const wording = (ERROR_WORDING as Record<string, ErrorWording | undefined>)[code];
  return wording === 'locale' ? (`errors.${code}` as `errors.${ErrorCode}`) : undefined;
}
