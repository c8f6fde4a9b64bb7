/**
 * The head of a section inside a screen: its <h2> (with the id the section is labelled by), an
 * optional line under it and the section's own actions (an export link, say), which wrap under
 * the title on a phone. The screen-level counterpart is PageHeader.
 */
import type { ReactNode } from 'react';
import '@/components/ui/section-header.css';

interface SectionHeaderProps {
  title: ReactNode;
  titleId: string;
  description?: ReactNode;
  actions?: ReactNode;
}

export function SectionHeader({ title, titleId, description, actions }: SectionHeaderProps) {
  return (
    <div className="section-header">
      <div className="section-header__text">
        <h2 id={titleId} className="section-header__title">
          {title}
        </h2>
        {description ? <p className="section-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="section-header__actions">{actions}</div> : null}
    </div>
  );
}
