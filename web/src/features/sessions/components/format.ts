/** The room's short time format (hh:mm in the reader's zone, Spanish style). */
export const formatTime = (atMs: number) =>
  new Date(atMs).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' });
