// The framed half of the browser face tracker (shared/ui/src/face/tracker.ts: login page and 人脸认证 dialog): it only turns
// frames into face-mesh keypoints. Messages come from our own page only.
(async () => {
  const parentWindow = window.parent;
  const origin = window.location.origin;
  const send = (msg) => parentWindow.postMessage(msg, origin);
  let detector;
  try {
    const fld = window.faceLandmarksDetection;
    detector = await fld.createDetector(fld.SupportedModels.MediaPipeFaceMesh, {
      runtime: 'mediapipe',
      solutionPath: window.location.pathname.replace(/[^/]*$/, '').replace(/\/$/, ''),
      refineLandmarks: false,
      maxFaces: 2,
    });
    send({ type: 'ready' });
  } catch (e) {
    send({ type: 'error', message: String(e && e.message ? e.message : e) });
    return;
  }
  const canvas = document.createElement('canvas');
  window.addEventListener('message', async (ev) => {
    if (ev.origin !== origin || ev.source !== parentWindow || !ev.data || ev.data.type !== 'frame') return;
    const bitmap = ev.data.bitmap;
    try {
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d').drawImage(bitmap, 0, 0);
      const faces = await detector.estimateFaces(canvas, { flipHorizontal: false });
      send({
        type: 'faces',
        id: ev.data.id,
        faces: faces.map((f) => ({ keypoints: f.keypoints.map((p) => ({ x: p.x, y: p.y })) })),
      });
    } catch {
      send({ type: 'faces', id: ev.data.id, faces: [] });
    } finally {
      bitmap.close();
    }
  });
})();
