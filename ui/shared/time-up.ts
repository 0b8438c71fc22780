/**
 * The end of a timed wait told beyond the screen: a vibration and a short tone, as far as the phone
 * and the browser allow (neither is promised: iOS has no vibration, a page without a tap may have no
 * sound), so the screen always says it too.
 */
export function signalTimeUp(vibration: readonly number[], toneSec: number): void {
  navigator.vibrate?.([...vibration]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + toneSec);
    // a page may hold only a few audio contexts: each tone gives its own back
    tone.onended = () => void audio.close();
  } catch {
    // no sound on this device: the screen and the vibration still tell
  }
}
