// npm run push:keys: a new VAPID key pair for Web Push (docs/offline.md), as lines for .env. Keep the private key
// secret; changing the pair ends every browser's subscription (readers turn notifications on again).
import webpush from "web-push";

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
