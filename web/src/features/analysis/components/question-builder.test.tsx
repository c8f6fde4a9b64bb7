/**
 * The question builder (issue 45) as a researcher uses it: 'Añadir pregunta' focuses the new
 * question, the type brings option rows, the handles' arrow keys reorder questions and options
 * and keep focus on the moved one, 'Descalifica' turns an option into a rejecting one, a question left blank says
 * what is missing, the form refuses to send it, and a saved study goes back unchanged.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import { QuestionBuilder } from '@/features/analysis/components/question-builder';
import type { AnalysisFormInput } from '@/features/analysis/lib/analysis-form';
import {
  fromQuestions,
  fromScreener,
  toQuestions,
  toScreener,
  type BuilderMode,
} from '@/features/analysis/lib/question-builder';
import { emptyStudyForm } from '@/features/analysis/lib/study-form';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import type { ScreenerQuestionDto } from '@/lib/api-types/ScreenerQuestionDto';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

const screener: ScreenerQuestionDto[] = [
  {
    text: '¿Compras online?',
    multiple: false,
    options: [
      { text: 'Sí', accept: true },
      { text: 'No', accept: true },
    ],
  },
];
const post: StudyQuestionDto[] = [
  { text: '¿Qué cambiarías?', type: 'text' },
  { text: '¿Cuánto te costó?', type: 'scale', scale: 7 },
];

/** The builder over DTOs, as the form holds them; `latest` is what the form would send. */
function renderBuilder(mode: BuilderMode, initial: ScreenerQuestionDto[] | StudyQuestionDto[]) {
  const latest: { value: unknown } = { value: initial };
  function Harness() {
    const [value, setValue] = useState(initial);
    const drafts =
      mode === 'screener' ? fromScreener(value as ScreenerQuestionDto[]) : fromQuestions(value as StudyQuestionDto[]);
    return (
      <QuestionBuilder
        mode={mode}
        phase={mode === 'screener' ? 'screener' : 'post'}
        legend="Preguntas"
        hint="Pista"
        questions={drafts}
        onChange={(next) => {
          const dtos = mode === 'screener' ? toScreener(next) : toQuestions(next);
          latest.value = dtos;
          setValue(dtos);
        }}
        showErrors={false}
      />
    );
  }
  render(<Harness />);
  return latest;
}

const question = (n: number) => screen.getByRole('group', { name: `Pregunta ${n}` });
const textOf = (n: number) => within(question(n)).getByLabelText('Enunciado') as HTMLInputElement;

describe('question builder', () => {
  it("'Añadir pregunta' adds an open question, focuses its text and says so", async () => {
    const latest = renderBuilder('study', post);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await waitFor(() => expect(document.activeElement).toBe(textOf(3)));
    expect(screen.getByText('Pregunta 3 añadida.')).toBeTruthy();
    fireEvent.change(textOf(3), { target: { value: '¿Algo más?' } });
    expect(latest.value).toEqual([...post, { text: '¿Algo más?', type: 'text' }]);
  });

  it('a choice type brings one row per option; rows are added and removed', async () => {
    const latest = renderBuilder('study', post);
    fireEvent.change(within(question(1)).getByLabelText('Tipo'), { target: { value: 'multiple' } });
    const rows = () => within(question(1)).getAllByRole('textbox', { name: /^Opción \d$/ });
    expect(rows()).toHaveLength(2);
    fireEvent.change(rows()[0]!, { target: { value: 'Precio' } });
    fireEvent.change(rows()[1]!, { target: { value: 'Envío' } });
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Añadir opción' }));
    await waitFor(() => expect(document.activeElement).toBe(rows()[2]));
    fireEvent.change(rows()[2]!, { target: { value: 'Pago' } });
    expect((latest.value as StudyQuestionDto[])[0]).toEqual({
      text: '¿Qué cambiarías?',
      type: 'multiple',
      options: ['Precio', 'Envío', 'Pago'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la opción 2 de la pregunta 1' }));
    expect((latest.value as StudyQuestionDto[])[0]?.options).toEqual(['Precio', 'Pago']);
    fireEvent.change(within(question(2)).getByLabelText('Tipo'), { target: { value: 'scale5' } });
    expect((latest.value as StudyQuestionDto[])[1]).toEqual({ text: '¿Cuánto te costó?', type: 'scale', scale: 5 });
  });

  it('reorders with the arrow keys on the handle and the move buttons, focus following the question', async () => {
    const latest = renderBuilder('study', post);
    const handle = screen.getByRole('button', { name: 'Mover la pregunta 1' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect((latest.value as StudyQuestionDto[]).map((q) => q.text)).toEqual(['¿Cuánto te costó?', '¿Qué cambiarías?']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mover la pregunta 2' })),
    );
    expect(screen.getByText('Pregunta movida a la posición 2 de 2.')).toBeTruthy();
    expect(textOf(2).value).toBe('¿Qué cambiarías?');
    fireEvent.click(screen.getByRole('button', { name: 'Subir la pregunta 2' }));
    expect((latest.value as StudyQuestionDto[]).map((q) => q.text)).toEqual(['¿Qué cambiarías?', '¿Cuánto te costó?']);
    // At the top 'Subir' is disabled, so focus goes to 'Bajar' of the same question.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar la pregunta 1' })),
    );
  });

  it('moves an option with the arrow keys on its handle, focus staying on it', async () => {
    const latest = renderBuilder('screener', screener);
    const handle = screen.getByRole('button', { name: /^Mover la opción 1 de la pregunta 1/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect((latest.value as ScreenerQuestionDto[])[0]?.options.map((o) => o.text)).toEqual(['No', 'Sí']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Mover la opción 2 de la pregunta 1/ })),
    );
  });

  it('reorders by drag and drop', () => {
    const latest = renderBuilder('study', post);
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('question-builder__item'));
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByRole('button', { name: 'Mover la pregunta 2' }), { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    expect((latest.value as StudyQuestionDto[]).map((q) => q.text)).toEqual(['¿Cuánto te costó?', '¿Qué cambiarías?']);
  });

  it("removing a question focuses the one before it, or 'Añadir pregunta' when none is left", async () => {
    const latest = renderBuilder('study', post);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 2' }));
    await waitFor(() => expect(document.activeElement).toBe(textOf(1)));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 1' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Añadir pregunta' })));
    expect(latest.value).toEqual([]);
  });

  it("a screener option's 'Descalifica' switch makes it reject (accept: false)", () => {
    const latest = renderBuilder('screener', screener);
    const toggle = screen.getByRole('switch', { name: 'Descalifica: opción 2 de la pregunta 1' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((latest.value as ScreenerQuestionDto[])[0]?.options).toEqual([
      { text: 'Sí', accept: true },
      { text: 'No', accept: false },
    ]);
    // The participant never sees the mark: the preview shows only the options.
    const preview = screen.getByTestId('preview-screener');
    expect(within(preview).getByRole('radio', { name: 'No' })).toBeTruthy();
    expect(within(preview).queryByText('Descalifica')).toBeNull();
  });

  it('a question left incomplete says what is missing, inline and marked invalid', async () => {
    renderBuilder('screener', screener);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await waitFor(() => expect(document.activeElement).toBe(textOf(2)));
    expect(screen.queryByText('Cada pregunta del filtro necesita un enunciado')).toBeNull();
    fireEvent.blur(textOf(2), { relatedTarget: document.body });
    expect(screen.getByText('Cada pregunta del filtro necesita un enunciado')).toBeTruthy();
    expect(screen.getByText('Cada pregunta del filtro necesita entre 2 y 10 opciones, todas con texto')).toBeTruthy();
    expect(textOf(2).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Descalifica: opción 1 de la pregunta 1' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Descalifica: opción 2 de la pregunta 1' }));
    fireEvent.blur(textOf(1), { relatedTarget: document.body });
    expect(
      within(question(1)).getByText('Cada pregunta del filtro necesita al menos una opción que no descalifique'),
    ).toBeTruthy();
  });

  it('shows the participant what they will see, in order', () => {
    renderBuilder('study', post);
    const preview = screen.getByTestId('preview-post');
    expect(within(preview).getByText('Para terminar')).toBeTruthy();
    expect(within(preview).getByLabelText('¿Qué cambiarías?')).toBeTruthy();
    expect(within(preview).getAllByRole('radio')).toHaveLength(7);
  });
});

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

function renderForm() {
  const onSubmit = vi.fn((_request: AnalysisRequest) => Promise.resolve());
  const study = {
    ...emptyStudyForm(),
    screener,
    preQuestions: [{ text: '¿Cuál?', type: 'single', options: ['A', 'B'] }],
    postQuestions: post,
    hadStudy: true,
  };
  render(
    <AnalysisForm
      defaultValues={values}
      study={study}
      onSubmit={onSubmit}
      submitLabel="Guardar cambios"
      busyLabel="Guardando…"
      labelledBy="t"
    />,
  );
  return { onSubmit, study };
}

describe('question builder in the analysis form', () => {
  it('a structured study is saved back unchanged when nothing was edited', async () => {
    const { onSubmit, study } = renderForm();
    expect(within(screen.getByTestId('builder-screener')).getByLabelText('Enunciado')).toHaveProperty(
      'value',
      '¿Compras online?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      screener: { questions: study.screener },
      questions: { pre: study.preQuestions, post: study.postQuestions },
    });
  });

  it('refuses to send a blank question: the message shows and focus goes to it', async () => {
    const { onSubmit } = renderForm();
    const builder = screen.getByTestId('builder-post');
    fireEvent.click(within(builder).getByRole('button', { name: 'Añadir pregunta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const blank = within(builder).getAllByLabelText('Enunciado')[2]!;
    await waitFor(() => expect(document.activeElement).toBe(blank));
    expect(blank.getAttribute('aria-invalid')).toBe('true');
    expect(within(builder).getByText('Cada pregunta necesita un enunciado')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
