// A demo farm's visitor has an address on a reserved domain (RFC 2606 '.invalid'): nothing is ever
// sent there. Here, below the features, so auth (which sends) and the demo feature (which makes the
// addresses) share it without auth reaching up into a feature.
export const demoEmailDomain = 'demo.paddock.invalid';

export const isDemoAddress = (email: string) => email.toLowerCase().endsWith(`@${demoEmailDomain}`);
