/** Product §8's messages for validate, participate, permissions, recording and finish failures. */
import { describe, expect, it } from 'vitest';
import {
  finishFailure,
  participateFailure,
  permissionFailure,
  startFailure,
  validateFailure,
  validateRefused,
} from '@/features/participate/lib/errors';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import type { Notice } from '@/features/participate/lib/errors';

const text = (notice: Notice) => i18n.t(notice.key as never, notice.values as never) as unknown as string;
const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });
const domError = (name: string) => new DOMException('denied', name);

describe('validateFailure', () => {
  it('maps 404, 400 and other answers to the product §8 texts', () => {
    expect(text(validateFailure(new ApiError(404, 'analysis_not_found', 'x')))).toBe(
      'Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.',
    );
    expect(text(validateFailure(new ApiError(400, 'no_places', 'x')))).toBe(
      'No hay plazas disponibles para este análisis.',
    );
    expect(text(validateFailure(new ApiError(400, 'missing_analysis_id', 'x')))).toBe(
      'Por favor, introduce un ID de análisis',
    );
    expect(
      text(
        validateFailure(
          new ApiError(429, 'rate_limited', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.'),
        ),
      ),
    ).toBe('Demasiados intentos. Espera unos minutos y vuelve a intentarlo.');
    expect(text(validateFailure(new ApiError(0, 'timeout', 'No answer')))).toBe(
      'Ocurrió un error al validar el análisis',
    );
    expect(text(validateRefused())).toMatch(/^Análisis no encontrado o no hay plazas disponibles\. /);
  });
});

describe('participateFailure', () => {
  it('says the data could not be fetched, with the server reason when there is one', () => {
    const answered = participateFailure(
      new ApiError(400, 'no_places', 'No hay plazas disponibles para este análisis.'),
    );
    expect(text(answered)).toBe('Error al obtener los datos del análisis. Por favor, inténtalo de nuevo.');
    expect(answered.details).toEqual(['No hay plazas disponibles para este análisis.']);
    expect(text(participateFailure())).toBe('Error al obtener los datos del análisis. Por favor, inténtalo de nuevo.');
    expect(text(participateFailure(new ApiError(0, 'network', 'offline')))).toBe(
      'Ocurrió un error al obtener los datos del análisis',
    );
  });
});

describe('permissionFailure', () => {
  it('maps screen errors', () => {
    expect(text(permissionFailure('screen', domError('NotAllowedError')))).toBe(
      'Screen sharing permission was denied. Please allow screen sharing to continue.',
    );
    expect(text(permissionFailure('screen', domError('NotFoundError')))).toBe(
      'No screen sources available for sharing.',
    );
    expect(text(permissionFailure('screen', named('WrongSurfaceError')))).toBe(
      'Comparte tu pantalla completa, no una ventana o pestaña.',
    );
    expect(permissionFailure('screen', named('TimeoutError')).key).toBe('participate.permissions.errors.screenTimeout');
    expect(permissionFailure('screen', named('NotSupportedError')).key).toBe(
      'participate.permissions.errors.unsupported',
    );
    expect(permissionFailure('screen', domError('AbortError')).key).toBe('participate.permissions.errors.screenFailed');
  });

  it('maps microphone errors', () => {
    expect(text(permissionFailure('microphone', domError('NotAllowedError')))).toBe(
      'Microphone permission was denied. Please allow microphone access to continue.',
    );
    for (const name of ['NotFoundError', 'NotReadableError', 'OverconstrainedError']) {
      expect(text(permissionFailure('microphone', domError(name)))).toBe(
        'No microphone found. Please connect a microphone and try again.',
      );
    }
    expect(permissionFailure('microphone', named('TimeoutError')).key).toBe(
      'participate.permissions.errors.micTimeout',
    );
  });
});

describe('recording failures', () => {
  it("prefixes start failures with 'Failed to start recording: '", () => {
    expect(text(startFailure(named('RecordingStartError', 'MediaRecorder refused the stream')))).toBe(
      'Failed to start recording: MediaRecorder refused the stream',
    );
    expect(startFailure(named('RecorderUnsupported')).key).toBe('participate.recording.unsupported');
  });
});

describe('finishFailure', () => {
  it('maps every finish stage to its product §8 text', () => {
    expect(text(finishFailure('no-recorder'))).toBe(
      'No recording found. Please ensure permissions were granted and try again.',
    );
    expect(text(finishFailure('no-entry'))).toBe('Missing analysis entry ID for updating entry.');
    expect(text(finishFailure('finish', named('RecordingEmpty')))).toBe(
      'Recording is empty. Please try recording again.',
    );
    expect(text(finishFailure('finish', named('UploadFailed')))).toBe('Failed to upload recording. Please try again.');
    expect(text(finishFailure('finish', named('RecordingError', 'MediaRecorder stopped')))).toBe(
      'Recording error: MediaRecorder stopped',
    );
    expect(text(finishFailure('finish', new Error('boom')))).toBe(
      'An error occurred while finishing the analysis. Please try again.',
    );
    expect(text(finishFailure('submit', new ApiError(400, 'missing_recording', 'Missing recording data')))).toBe(
      'Failed to update analysis entry after upload.',
    );
  });
});
