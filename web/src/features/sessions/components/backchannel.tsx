/**
 * The team's backchannel (ADR 0024): the room's chat history and new messages in a log the
 * screen reader announces, and a box to send one. The participant never gets these.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomChatDto } from '@/lib/api-types/RoomChatDto';
import { formatTime } from '@/features/sessions/components/format';

export function Backchannel({ chat, onSend }: { chat: RoomChatDto[]; onSend: (text: string) => boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    if (onSend(message)) setText('');
  };
  return (
    <section className="room-panel" aria-labelledby="backchannel-title">
      <h2 id="backchannel-title" className="room-panel__title">
        {t('moderated.chat.title')}
      </h2>
      <p className="text-note">{t('moderated.chat.hint')}</p>
      {/* A log region around the list (a role on the list itself would hide its items from readers). */}
      <div className="backchannel__log" role="log" aria-live="polite" aria-labelledby="backchannel-title">
        {chat.length === 0 ? <p className="text-note">{t('moderated.chat.empty')}</p> : null}
        <ol className="backchannel__list">
          {chat.map((message, i) => (
            <li key={`${message.atMs}-${i}`} className="backchannel__message" data-testid="chat-message">
              <span className="backchannel__from">
                {message.fromName} · {formatTime(message.atMs)}
              </span>
              <span>{message.text}</span>
            </li>
          ))}
        </ol>
      </div>
      <form className="backchannel__form" onSubmit={submit}>
        <label htmlFor="backchannel-text">{t('moderated.chat.label')}</label>
        <div className="backchannel__row">
          <input
            id="backchannel-text"
            className="field__input"
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            {t('moderated.chat.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
