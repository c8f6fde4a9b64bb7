/**
 * The analysis form's warning before new question wording on an analysis with participations
 * (ADR 0017): a dialog says old answers keep their wording; 'Cancelar' saves nothing, 'Guardar
 * cambios' saves; other edits, and analyses without participations, save at once.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import type { AnalysisFormInput } from '@/features/analysis/lib/analysis-form';
import { emptyStudyForm } from '@/features/analysis/lib/study-form';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';

const values: AnalysisFormInput = {
  name: 'Checkout',
  url: 'https://tienda.example.com',
  scenario: '',
  maxNumberOfParticipants: '5',
  tasks: [{ content: 'Busca un producto' }],
  taskQuestions: false,
  sus: false,
  camera: 'off',
  transcribe: true,
  transcriptionLanguage: 'es',
  summaries: true,
};
const study = {
  ...emptyStudyForm(),
  screener: [
    {
      text: '¿Compras en línea?',
      multiple: false,
      options: [
        { text: 'Sí', accept: true },
        { text: 'No', accept: true },
      ],
    },
  ],
  preQuestions: [{ text: '¿Compras en línea?', type: 'single', options: ['Sí', 'No'] }],
  postQuestions: [{ text: '¿Qué cambiarías?', type: 'text' }],
  hadStudy: true,
};

function renderForm(hasParticipations: boolean) {
  const onSubmit = vi.fn((_request: AnalysisRequest) => Promise.resolve());
  render(
    <AnalysisForm
      defaultValues={values}
      study={study}
      hasParticipations={hasParticipations}
      onSubmit={onSubmit}
      submitLabel="Guardar cambios"
      busyLabel="Guardando…"
      labelledBy="t"
    />,
  );
  return onSubmit;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
const changePost = (text: string) =>
  fireEvent.change(within(screen.getByTestId('builder-post')).getByLabelText('Enunciado'), { target: { value: text } });
const dialog = () => screen.findByRole('alertdialog', { name: '¿Guardar las preguntas cambiadas?' });

describe('analysis form: changed questions with participations', () => {
  it('asks first; Cancelar saves nothing, Guardar cambios saves the new wording', async () => {
    const onSubmit = renderForm(true);
    changePost('¿Qué es lo que más te ha gustado?');
    save();
    const asked = await dialog();
    expect(asked.textContent).toContain(
      'Las respuestas ya dadas se conservan con el enunciado con el que se respondieron',
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();

    save();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      questions: { post: [{ text: '¿Qué es lo que más te ha gustado?', type: 'text' }] },
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('asks for a changed screener too', async () => {
    const onSubmit = renderForm(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Descalifica: opción 2 de la pregunta 1' }));
    save();
    expect(await dialog()).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves at once when only other fields changed and the questions read the same (spacing aside)', async () => {
    const withEntries = renderForm(true);
    fireEvent.change(screen.getByLabelText('Nombre del análisis'), { target: { value: 'Checkout v2' } });
    changePost('  ¿Qué cambiarías?  \n\n');
    save();
    await waitFor(() => expect(withEntries).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves at once without participations', async () => {
    const onSubmit = renderForm(false);
    changePost('¿Qué es lo que más te ha gustado?');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('analysis form: transcription (ADR 0018)', () => {
  it("offers 'Transcribir grabaciones' on, in Spanish, and sends it off when unticked", async () => {
    const onSubmit = renderForm(false);
    const box = screen.getByRole('checkbox', { name: 'Transcribir grabaciones' }) as HTMLInputElement;
    const language = screen.getByLabelText('Idioma de las grabaciones') as HTMLSelectElement;
    expect([box.checked, language.value, [...language.options].map((option) => option.textContent)]).toEqual([
      true,
      'es',
      ['Español', 'English'],
    ]);
    fireEvent.change(language, { target: { value: 'en' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ transcription: { enabled: true, language: 'en' } });
    fireEvent.click(box);
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ transcription: { enabled: false } });
  });
});
