/** The card every /auth screen sits in: heading, optional intro, content, and a footer of links. */
import { useId, type ReactNode } from 'react';
import '@/features/auth/auth.css';
import { Stack } from '@/components/ui/stack';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  const headingId = useId();
  return (
    <section className="card card--roomy auth-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-card__title">
        {title}
      </h1>
      {intro ? <p className="auth-card__intro">{intro}</p> : null}
      <Stack gap={4} className="auth-card__content">
        {children}
      </Stack>
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </section>
  );
}
