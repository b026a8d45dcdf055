// The push feature's widgets for others to compose (the signed-in frame's prompt, the notifications panel's switch).
export { PushPrompt } from './push-prompt';
export { PushToggle } from './push-toggle';
