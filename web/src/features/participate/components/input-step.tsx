/**
 * Step 1 of the flow (spec §2): what participating involves, the 'ID de Análisis' field (prefilled
 * from /participate/:id) and 'Participar', which validates the id before the permissions step.
 * A browser that cannot take part (pre-flight check, issue 17) gets the reason and the link to copy
 * instead of the form, so it never reaches permissions that cannot work.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, SubmitButton, TextField, useZodForm } from '@/components/form';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { PreflightNotice } from '@/features/participate/components/preflight-notice';
import { preflightVerdict, readCapabilities } from '@/features/participate/lib/preflight';
import { paths } from '@/config/paths';
import { validateAtom } from '@/features/participate/stores/participation-actions';
import { inputAtom } from '@/features/participate/stores/participation-state';

const schema = z.object({ analysisId: z.string().trim().min(1, 'participate.input.idRequired') });
type Values = z.output<typeof schema>;

export function InputStep({ initialId }: { initialId: string }) {
  const { t } = useTranslation();
  const { analysisId, notice } = useAtomValue(inputAtom);
  const validate = useSetAtom(validateAtom);
  const form = useZodForm(schema, { defaultValues: { analysisId: initialId || analysisId } });
  // Read once: what the browser can do does not change while the page is open.
  const [verdict] = useState(() => preflightVerdict(readCapabilities()));
  const linkedId = initialId || analysisId;

  return (
    <section className="card card--snug participate-card" aria-labelledby="participate-input-title">
      <h1 id="participate-input-title" tabIndex={-1}>{t('participate.input.title')}</h1>
      <p className="participate-lead">{t('participate.input.intro')}</p>
      {verdict.ok ? null : (
        <PreflightNotice problem={verdict.problem} link={linkedId ? `${window.location.origin}${paths.participate(linkedId)}` : window.location.href} />
      )}
      <h2 className="participate-subtitle">{t('participate.input.howTitle')}</h2>
      <ol className="participate-how">
        <li>{t('participate.input.how1')}</li>
        <li>{t('participate.input.how2')}</li>
        <li>{t('participate.input.how3')}</li>
        <li>{t('participate.input.how4')}</li>
      </ol>
      {verdict.ok ? (
        <>
          <NoticeAlert notice={notice} testId="participate-input-error" className="participate-gap" />
          <Form form={form} onSubmit={(values: Values) => validate(values.analysisId)} aria-labelledby="participate-input-title">
            <TextField<Values>
              name="analysisId"
              label={t('participate.input.idLabel')}
              hint={t('participate.input.idHint')}
              autoComplete="off"
              required
            />
            <SubmitButton busyLabel={t('participate.input.submitting')}>{t('participate.input.submit')}</SubmitButton>
          </Form>
        </>
      ) : null}
    </section>
  );
}
