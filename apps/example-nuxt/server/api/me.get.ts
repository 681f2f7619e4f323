// The session in a server route: getServerSession is auto-imported in the server directory.
export default defineEventHandler(async (event) => {
  const session = await getServerSession(event);
  return { name: session?.user?.name ?? null };
});
