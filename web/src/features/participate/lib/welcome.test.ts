import { describe, expect, it } from 'vitest';
import { estimatedMinutes, requirements } from '@/features/participate/lib/welcome';

describe('the welcome', () => {
  it('estimates round minutes from the tasks and the questions', () => {
    expect(estimatedMinutes({ tasks: 0, taskQuestions: false, sus: false })).toBe(5);
    expect(estimatedMinutes({ tasks: 2, taskQuestions: false, sus: false })).toBe(10);
    expect(estimatedMinutes({ tasks: 4, taskQuestions: true, sus: true })).toBe(20);
    expect(estimatedMinutes({ tasks: 10, taskQuestions: false, sus: false })).toBe(35);
  });

  it('asks for the camera only when the study records it', () => {
    expect(requirements('off')).toEqual(['computer', 'browser', 'microphone']);
    expect(requirements('required')).toEqual(['computer', 'browser', 'microphone', 'camera']);
    expect(requirements('optional')).toEqual(['computer', 'browser', 'microphone', 'cameraOptional']);
  });
});
