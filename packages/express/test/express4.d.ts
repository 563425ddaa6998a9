// Express 4 (the npm alias `express4`) under the types of Express 5: the test uses only what both share.
declare module 'express4' {
  import express from 'express';
  export default express;
}
