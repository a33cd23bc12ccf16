import { describe, expect, it } from '@rstest/core';
import { pickCamera } from './camera';

describe('camera', () => {
  it('picks the first real camera and skips OBS virtual cameras', () => {
    const devices = [
      { kind: 'audioinput', label: 'Mic', deviceId: 'm' },
      { kind: 'videoinput', label: 'OBS Virtual Camera', deviceId: 'obs' },
      { kind: 'videoinput', label: 'Integrated Webcam', deviceId: 'cam' },
      { kind: 'videoinput', label: 'USB Camera', deviceId: 'usb' },
    ] as MediaDeviceInfo[];
    expect(pickCamera(devices)?.deviceId).toBe('cam');
    expect(pickCamera(devices.slice(0, 2))).toBeUndefined();
  });
});
