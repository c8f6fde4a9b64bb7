/** Order of the FAQ items and terms sections; their text lives in the locale files under faq.* and terms.*. */

/** Product §2 FAQ: nine items, in this order. */
export const FAQ_ITEMS = [
  'availability',
  'preparation',
  'howItWorks',
  'deliverables',
  'recruiting',
  'participants',
  'websites',
  'mobileApps',
  'contact',
] as const;

export type FaqItem = (typeof FAQ_ITEMS)[number];

/** Product §2 terms: seventeen sections; each key is also the section's anchor id. */
export const TERMS_SECTIONS = [
  'objeto',
  'naturaleza',
  'registro',
  'baja',
  'clientes',
  'participantes',
  'menores',
  'propiedad',
  'privacidad',
  'consentimiento',
  'ubicacion',
  'cookies',
  'responsabilidad',
  'ilicito',
  'soporte',
  'modificaciones',
  'ley',
] as const;

export type TermsSection = (typeof TERMS_SECTIONS)[number];

/** Anchors of the home page sections (product §2), linked from the hero. */
export const HOW_IT_WORKS_ID = 'how-it-works';
export const WAITLIST_ID = 'waitlist-form';
