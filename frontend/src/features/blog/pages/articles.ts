/** The blog's four static articles on front-end topics. */
export interface Article {
  slug: string;
  title: string;
  tag: string;
  date: string;
  minutes: number;
  paragraphs: string[];
}

export const ARTICLES: Article[] = [
  {
    slug: 'managing-state-in-react',
    title: 'What are the different ways to manage state in a React application?',
    tag: 'React',
    date: '2026-10-04',
    minutes: 4,
    paragraphs: [
      'State is any data that changes while the page is open. React offers several places to keep it, and choosing the right one keeps components small. Local state (useState, useReducer) belongs to one component: whether a menu is open, what is typed in a field.',
      'When several components need the same value, lift it to their nearest common parent, or share it through Context when it is read far down the tree, such as the signed-in user. Server data — listings, orders, categories — is best kept in a query cache like TanStack Query, which fetches, caches, retries and refreshes it for you.',
      'Finally, the address bar is state too: the route, its parameters and the search string. Keeping filters in the URL means a link can be shared and the back button just works.',
    ],
  },
  {
    slug: 'prototypal-inheritance',
    title: 'How does prototypal inheritance work in JavaScript?',
    tag: 'JavaScript',
    date: '2026-09-18',
    minutes: 3,
    paragraphs: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have, the engine follows that link and looks there, then on the prototype’s prototype, until the chain ends at null.',
      'Classes are a friendlier syntax over the same mechanism: methods declared in a class live once on its prototype and are shared by every instance, which is why they do not cost memory per object.',
      'Object.create(proto) makes an object with a chosen prototype, and Object.getPrototypeOf shows the link. Understanding the chain explains surprises such as a property that seems to exist on every object — it was inherited.',
    ],
  },
  {
    slug: 'why-unit-tests',
    title: 'What is a unit test, and why should we write them?',
    tag: 'Testing',
    date: '2026-08-29',
    minutes: 4,
    paragraphs: [
      'A unit test checks one small piece of code — a function, a hook or a component — in isolation, quickly and automatically. In a React app, Vitest with Testing Library renders a component and interacts with it the way a user would: typing, clicking, reading text.',
      'Tests catch regressions before users do, document how a piece is meant to behave, and make refactoring safe: if the tests still pass, the behaviour did not change.',
      'Good tests describe behaviour rather than implementation. Ask for a button by its label, not by a CSS class, and the test keeps passing when the styling changes but fails when the feature breaks.',
    ],
  },
  {
    slug: 'react-angular-vue',
    title: 'React vs. Angular vs. Vue: which one should you pick?',
    tag: 'Frameworks',
    date: '2026-08-11',
    minutes: 5,
    paragraphs: [
      'React is a library for building user interfaces from components. It leaves routing, data fetching and forms to the wider ecosystem, which gives freedom and a very large community.',
      'Angular is a complete framework from Google: TypeScript first, with dependency injection, a router, forms and an HTTP client built in. It suits large teams that value one prescribed way of doing things.',
      'Vue sits between the two: approachable templates, reactive data and an official router and store, with a gentle learning curve. All three build fast, accessible apps; the best choice is usually the one your team already knows well.',
    ],
  },
];
