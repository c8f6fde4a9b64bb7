/**
 * The script of the prerendered public pages (/, /home, the terms and the FAQ; ADR 0011). These
 * pages arrive as complete HTML (scripts/prerender.mjs), so they need no framework: this gives
 * their few interactive parts their behaviour (the header menu, the FAQ accordion, the waitlist
 * form, the demo poster) and switches their language, in a few kilobytes. The app proper
 * (main.tsx) starts when a link leaves for it (log in, sign up), as a page load.
 */
import '@/styles.css';
import '@/components/alert.css';
import '@/components/form/form.css';
import '@/features/marketing/marketing.css';
import { startSite } from '@/site/start';

startSite();
