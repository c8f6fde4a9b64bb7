// The body of POST /api/v1/analysis that the browser tests, the benches and the Lighthouse check
// create their analyses with: one default (a shop, two text tasks, five places, a computer) that
// each caller overrides where its test looks, so the request's shape is written once.
// Plain ESM without dependencies (types: analysis-body.d.mts).

/** Text tasks as the API takes them, in order. */
export const textTasks = (...contents) => contents.map((taskContent) => ({ taskType: 'text', taskContent }));

/** An analysis to create; `overrides` replace whole fields. */
export const analysisBody = (overrides = {}) => ({
  name: `Estudio de prueba ${Date.now()}`,
  url: 'https://example.com',
  maxNumberOfParticipants: 5,
  scenario: 'Eres un cliente nuevo de la tienda.',
  tasks: textTasks('Busca un producto', 'Añádelo al carrito'),
  device: 'computer',
  ...overrides,
});
