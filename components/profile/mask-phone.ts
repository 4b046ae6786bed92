/** 138****0000: a phone number as the profile shows it. */
export const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;
