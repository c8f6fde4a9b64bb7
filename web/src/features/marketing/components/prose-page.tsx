/** A page of running text (terms, FAQ): its heading, an optional line under it, the lead, then the body. */
import type { ReactNode } from 'react';

interface ProsePageProps {
  title: string;
  lead: string;
  /** Between the title and the lead (the terms' date). */
  note?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function ProsePage({ title, lead, note, className, children }: ProsePageProps) {
  return (
    <article className={['marketing prose-page', className].filter(Boolean).join(' ')}>
      <header className="prose-page__header">
        <h1>{title}</h1>
        {note}
        <p className="section__lead">{lead}</p>
      </header>
      {children}
    </article>
  );
}
