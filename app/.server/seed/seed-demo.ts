// Replaced by the demo-content work: seeds nothing yet.
export async function seedDemoIfEmpty(): Promise<boolean> {
  return false;
}
