/** Camera helpers of the exam screen, the device check and the 人脸认证 dialog (spec learner §4). */

export const CAMERA_FAILED_MSG = '摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！';
export const MEDIA_UNSUPPORTED_MSG = '您的浏览器不支持媒体访问，请升级浏览器！';

class MediaUnsupported extends Error {}

/** The first real camera: virtual cameras named OBS are left out (they show anything but the learner). */
export function pickCamera(devices: Pick<MediaDeviceInfo, 'kind' | 'label' | 'deviceId'>[]) {
  return devices.find((d) => d.kind === 'videoinput' && !/obs/i.test(d.label));
}

export function stopStream(s: MediaStream | undefined) {
  s?.getTracks().forEach((t) => t.stop());
}

/** Opens the learner's camera (no microphone). Labels are readable only after permission, so ask first, then pick. */
export async function openCamera(): Promise<MediaStream> {
  const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!md?.getUserMedia) throw new MediaUnsupported();
  let stream = await md.getUserMedia({ video: true, audio: false });
  const cam = pickCamera(await md.enumerateDevices());
  if (!cam) {
    stopStream(stream);
    throw new Error('no real camera');
  }
  if (stream.getVideoTracks()[0]?.getSettings().deviceId !== cam.deviceId) {
    stopStream(stream);
    stream = await md.getUserMedia({ video: { deviceId: { exact: cam.deviceId } }, audio: false });
  }
  return stream;
}

export const cameraErrorText = (e: unknown) =>
  e instanceof MediaUnsupported ? MEDIA_UNSUPPORTED_MSG : CAMERA_FAILED_MSG;

const MAX_WIDTH = 640;

/** The current video frame as a JPEG data URL (at most 640 px wide: ~30–60 KB, under the call's limit). */
export function frameJpeg(video: HTMLVideoElement): string {
  const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.8);
}

/**
 * Sent instead of a frame when the camera fails (spec learner §4): a generated image saying so,
 * with the time. The noise keeps the JPEG well above the server's 1 KB minimum for an image.
 */
export function placeholderJpeg(now = new Date()): string {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 240;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#4e5969';
  g.fillRect(0, 0, 320, 240);
  for (let i = 0; i < 600; i++) {
    g.fillStyle = `rgba(255,255,255,${Math.random() * 0.25})`;
    g.fillRect(Math.random() * 320, Math.random() * 240, 3, 3);
  }
  g.fillStyle = '#fff';
  g.font = '20px sans-serif';
  g.textAlign = 'center';
  g.fillText('摄像头不可用', 160, 110);
  g.font = '14px sans-serif';
  g.fillText(now.toLocaleString('zh-CN'), 160, 140);
  return canvas.toDataURL('image/jpeg', 0.9);
}
