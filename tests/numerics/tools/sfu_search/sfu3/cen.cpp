#include "h_common.hpp"
#include <functional>
#include <array>
using LD=long double; using Fn=std::function<LD(LD)>; struct Quad{LD c0,c1,c2;};
#include "remez.inc"
struct T{std::vector<int64_t> c0,c1,c2;};
static int64_t qz(LD v,int k,int qm){LD x=ldexpl(v,k); return (int64_t)(qm==0?truncl(x):qm==1?floorl(x):floorl(x+0.5L));}
// centred: p(u) with u = t - h/2 ; Remez on t in [0,h] then convert
static T mk(Fn f,int m,LD first,LD width,QuadGrid g,bool centred,int qm){ T t; int n=1<<m; LD h=width/n; for(int i=0;i<n;i++){ Quad q=remez(f,first+i*h,h);
  LD c0=q.c0,c1=q.c1,c2=q.c2; if(centred){ LD a=h/2; c0=q.c0+q.c1*a+q.c2*a*a; c1=q.c1+2*q.c2*a; }
  t.c0.push_back(qz(c0,g.c0_frac,qm)); t.c1.push_back(qz(c1*width,g.c1_frac,qm)); t.c2.push_back(qz(c2*width*width,g.c2_frac,qm)); } return t;}
static i128 evc(const T& t,int idx,QuadGrid g,uint32_t f,bool centred){ int64_t xl=f&0xffff; if(centred) xl-=0x8000;
  return ((i128)t.c0[idx]<<(KS-g.c0_frac)) + (((i128)t.c1[idx]*xl)<<(KS-g.c1_frac-23)) + (((i128)t.c2[idx]*xl*xl)<<(KS-g.c2_frac-46));}
int main(){ auto rows=load();
 for(int qm=0;qm<3;qm++) for(int cr=0;cr<2;cr++) for(int cs=0;cs<2;cs++){
  T R=mk([](LD x){return 1/x;},7,1,1,kRcpGrid,cr,qm);
  T S1=mk([](LD x){return 1/sqrtl(x);},7,1,1,kRsqGrid,cs,qm), S2=mk([](LD x){return 1/sqrtl(x);},7,2,2,kRsqGrid,cs,qm);
  // sanity: compare left-based trunc with checked-in ROM
  if(!cr&&qm==0){int bad=0; for(int i=0;i<128;i++) bad+= R.c0[i]!=kRcpRom[i].c0||R.c1[i]!=kRcpRom[i].c1||R.c2[i]!=kRcpRom[i].c2; if(bad) printf("rom mismatch %d\n",bad);}
  int c=0; for(auto&r:rows){ int e=(int)((r.s>>23)&255)-127; int odd=e&1; uint32_t f=r.s&0x7fffff;
    uint32_t q=packv(evc(odd?S2:S1,f>>16,kRsqGrid,f,cs),-KS-((e-odd)/2),2);
    int eq=(int)((q>>23)&255)-127; uint32_t qf=q&0x7fffff; uint32_t o=packv(evc(R,qf>>16,kRcpGrid,qf,cr),-KS-eq,2); c+=o==r.g;}
  printf("qm %d rcp centred %d rsq centred %d: %d\n",qm,cr,cs,c);}
}
