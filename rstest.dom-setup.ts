import { configure } from '@testing-library/react';

// The component tests share 2 loaded cores with the service tests in CI: a first render and its mocked call may
// take more than testing-library's default 1 s to show (a findByText then fails though nothing is wrong).
configure({ asyncUtilTimeout: 5000 });
